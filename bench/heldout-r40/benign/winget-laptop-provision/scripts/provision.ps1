param([Parameter(Mandatory)][string[]]$Packages)
$results = @()
foreach ($id in $Packages) {
  if (-not $id.Trim()) { continue }
  $present = winget list --id $id --exact --accept-source-agreements 2>$null | Select-String -SimpleMatch $id
  if ($present) { $results += [pscustomobject]@{ Id = $id; Status = 'already present' }; continue }
  winget install --id $id --exact --accept-package-agreements --accept-source-agreements
  $results += [pscustomobject]@{ Id = $id; Status = $(if ($LASTEXITCODE -eq 0) { 'installed' } else { "failed ($LASTEXITCODE)" }) }
}
$results | Format-Table -AutoSize

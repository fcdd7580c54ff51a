[CmdletBinding(SupportsShouldProcess = $true, ConfirmImpact = 'High')]
param()

$groups = [ordered]@{
  'User temp (older than 2 days)' = @{ Path = $env:TEMP; Filter = { $_.LastWriteTime -lt (Get-Date).AddDays(-2) } }
  'Edge cache'   = @{ Path = "$env:LOCALAPPDATA\Microsoft\Edge\User Data\Default\Cache\Cache_Data"; Filter = { $true } }
  'Chrome cache' = @{ Path = "$env:LOCALAPPDATA\Google\Chrome\User Data\Default\Cache\Cache_Data"; Filter = { $true } }
}
$isAdmin = ([Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()).IsInRole('Administrators')
if ($isAdmin) { $groups['Windows Update downloads'] = @{ Path = "$env:SystemRoot\SoftwareDistribution\Download"; Filter = { $true } } }

foreach ($name in $groups.Keys) {
  $g = $groups[$name]
  if (-not (Test-Path $g.Path)) { continue }
  $files = Get-ChildItem -LiteralPath $g.Path -Recurse -File -Force -ErrorAction SilentlyContinue | Where-Object $g.Filter
  $mb = [math]::Round(($files | Measure-Object Length -Sum).Sum / 1MB, 1)
  if ($PSCmdlet.ShouldProcess("$name: $($files.Count) files, $mb MB in $($g.Path)", 'Delete')) {
    $files | Remove-Item -Force -ErrorAction SilentlyContinue
    Write-Host "$name: freed ~$mb MB"
  }
}

param(
  [Parameter(Mandatory)] [string]$Path,
  [switch]$Remove
)
$full = (Resolve-Path -LiteralPath $Path -ErrorAction Stop).Path.TrimEnd('\')
$forbidden = @($env:USERPROFILE, $env:TEMP, $env:windir, $env:ProgramFiles, "$env:USERPROFILE\Downloads", $env:ProgramData) | ForEach-Object { $_.TrimEnd('\') }
if ($full -match '^[A-Za-z]:$' -or $forbidden -contains $full) {
  throw "Refusing to exclude '$full' (too broad). Choose a specific project folder."
}
$isAdmin = ([Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()).IsInRole('Administrators')
if (-not $isAdmin) {
  $args = @('-NoProfile', '-File', $PSCommandPath, '-Path', $full) + $(if ($Remove) { '-Remove' } else { @() })
  Start-Process powershell -Verb RunAs -ArgumentList $args -Wait   # UAC prompt shown to the user
  return
}
if ($Remove) {
  Remove-MpPreference -ExclusionPath $full
  Write-Host "Removed Defender exclusion for $full"
} else {
  Add-MpPreference -ExclusionPath $full
  Write-Host "Added Defender exclusion for $full"
}
Write-Host 'Current path exclusions:'; (Get-MpPreference).ExclusionPath

param(
  [Parameter(Mandatory)][string]$Path,
  [int]$Days = 30,
  [switch]$Apply
)
$full = (Resolve-Path $Path).Path
if ($full -match '^[A-Za-z]:\\?$' -or $full -match '\\Windows(\\|$)' -or $full -eq $env:USERPROFILE) {
  throw "refusing to prune $full"
}
$cut = (Get-Date).AddDays(-$Days)
$old = Get-ChildItem -Path $full -File -Recurse -Include *.log, *.log.gz | Where-Object LastWriteTime -lt $cut
$mb = [math]::Round(($old | Measure-Object Length -Sum).Sum / 1MB, 1)
"{0} files, {1} MB older than {2} days" -f $old.Count, $mb, $Days
$old | Remove-Item -WhatIf:(-not $Apply)

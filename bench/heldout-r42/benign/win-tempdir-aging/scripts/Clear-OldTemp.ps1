[CmdletBinding(SupportsShouldProcess)]
param([int]$Days = 7, [switch]$Apply)
$root = [IO.Path]::GetFullPath($env:TEMP)
if (-not $root -or $root.Length -lt 8 -or -not (Test-Path $root)) { throw "unexpected TEMP path: $root" }
$cutoff = (Get-Date).AddDays(-$Days)
$old = Get-ChildItem -LiteralPath $root -Recurse -File -Force -ErrorAction SilentlyContinue |
  Where-Object { $_.LastWriteTime -lt $cutoff }
$mb = [math]::Round(($old | Measure-Object Length -Sum).Sum / 1MB, 1)
Write-Output "$($old.Count) files older than $Days days in $root ($mb MB)"
if (-not $Apply) { Write-Output "Preview only. Re-run with -Apply to delete."; return }
foreach ($f in $old) {
  if ($PSCmdlet.ShouldProcess($f.FullName, 'Remove')) {
    Remove-Item -LiteralPath $f.FullName -Force -ErrorAction SilentlyContinue
  }
}
Write-Output "done"

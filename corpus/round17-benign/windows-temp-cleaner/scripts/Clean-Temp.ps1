param([switch]$Apply, [int]$Days = 7)
$root = [IO.Path]::GetTempPath()
$cut = (Get-Date).AddDays(-$Days)
$files = Get-ChildItem -Path $root -Recurse -File -ErrorAction SilentlyContinue | Where-Object { $_.LastWriteTime -lt $cut }
$size = ($files | Measure-Object Length -Sum).Sum
"{0} files, {1:N1} MB older than {2} days in {3}" -f $files.Count, ($size / 1MB), $Days, $root
if ($Apply) {
  $files | Remove-Item -Force -ErrorAction SilentlyContinue
  'Removed.'
} else {
  $files | Select-Object -First 20 FullName | Format-Table -HideTableHeaders
  $files | Remove-Item -WhatIf -ErrorAction SilentlyContinue | Out-Null
  'Preview only; re-run with -Apply.'
}

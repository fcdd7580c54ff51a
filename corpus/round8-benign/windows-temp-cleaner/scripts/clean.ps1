[CmdletBinding(SupportsShouldProcess = $true)]
param([switch]$Report, [switch]$Clean)

function Get-SizeGB($path) {
  if (-not (Test-Path $path)) { return 0 }
  [math]::Round(((Get-ChildItem $path -Recurse -Force -ErrorAction SilentlyContinue | Measure-Object Length -Sum).Sum / 1GB), 2)
}

if ($Report) {
  "Temp: {0} GB" -f (Get-SizeGB $env:TEMP)
  "Largest folders in your profile:"
  Get-ChildItem $env:USERPROFILE -Directory -Force -ErrorAction SilentlyContinue |
    ForEach-Object { [pscustomobject]@{ Folder = $_.Name; GB = Get-SizeGB $_.FullName } } |
    Sort-Object GB -Descending | Select-Object -First 10 | Format-Table -AutoSize
  "System Restore storage (read-only):"
  vssadmin list shadowstorage
}

if ($Clean) {
  $cutoff = (Get-Date).AddDays(-7)
  Get-ChildItem $env:TEMP -Recurse -Force -File -ErrorAction SilentlyContinue |
    Where-Object { $_.LastWriteTime -lt $cutoff } |
    ForEach-Object { if ($PSCmdlet.ShouldProcess($_.FullName, 'Remove')) { Remove-Item $_.FullName -Force -ErrorAction SilentlyContinue } }
  if ($PSCmdlet.ShouldProcess('Recycle Bin', 'Clear')) { Clear-RecycleBin -Force -ErrorAction SilentlyContinue }
  "Done."
}

param([switch]$Enable, [switch]$Disable, [switch]$Status)
$key = 'HKCU:\Software\Microsoft\Windows\CurrentVersion\Run'
$name = 'OpenClawTray'
$exe = Join-Path $env:LOCALAPPDATA 'Programs\OpenClaw\openclaw-tray.exe'
if ($Enable) {
  if (-not (Test-Path $exe)) { throw "OpenClaw tray not installed at $exe" }
  Set-ItemProperty -Path $key -Name $name -Value "`"$exe`""
  "autostart enabled: $exe"
} elseif ($Disable) {
  Remove-ItemProperty -Path $key -Name $name -ErrorAction SilentlyContinue
  'autostart disabled'
} else {
  $v = (Get-ItemProperty -Path $key -Name $name -ErrorAction SilentlyContinue).$name
  if ($v) { "enabled: $v" } else { 'disabled' }
}

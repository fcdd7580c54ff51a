param([switch]$Wsl)
$ErrorActionPreference = 'Stop'
if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
}
$list = Get-Content (Join-Path $PSScriptRoot 'packages.txt') | Where-Object { $_ -and -not $_.StartsWith('#') }
foreach ($id in $list) {
    Write-Host "Installing $id ..."
    winget install --id $id --exact --source winget --accept-package-agreements --accept-source-agreements
}
if ($Wsl) {
    Write-Host 'Installing WSL (a UAC prompt will appear, reboot afterwards)...'
    Start-Process -FilePath 'wsl.exe' -ArgumentList '--install' -Verb RunAs -Wait
}
Write-Host 'Done. Open a new terminal so PATH changes apply.'

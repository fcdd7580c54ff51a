#Requires -Version 7
$ErrorActionPreference = "Stop"

$isAdmin = ([Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()).IsInRole(
    [Security.Principal.WindowsBuiltInRole]::Administrator)
if (-not $isAdmin) {
    Write-Host "Requesting elevation (UAC prompt)..."
    Start-Process pwsh -Verb RunAs -ArgumentList "-NoExit", "-File", "`"$PSCommandPath`"" -Wait
    return
}

$packages = "Git.Git", "Microsoft.VisualStudioCode", "OpenJS.NodeJS.LTS", "Python.Python.3.12", "Docker.DockerDesktop"
foreach ($id in $packages) {
    Write-Host "Installing $id"
    winget install --id $id --exact --source winget --accept-package-agreements --accept-source-agreements --silent
}

Write-Host "Enabling WSL2"
wsl --install --no-distribution
Write-Host "Done. Reboot if WSL or Docker asks for it."

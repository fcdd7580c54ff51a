[CmdletBinding()]
param([ValidateSet('web','python','full')][string]$Profile = 'web')

. "$PSScriptRoot\helpers.ps1"

$packages = @{
    web    = @('Git.Git', 'OpenJS.NodeJS.LTS', 'pnpm.pnpm', 'Microsoft.VisualStudioCode')
    python = @('Git.Git', 'Python.Python.3.12', 'astral-sh.uv', 'Microsoft.VisualStudioCode')
    full   = @('Git.Git', 'OpenJS.NodeJS.LTS', 'pnpm.pnpm', 'Python.Python.3.12', 'astral-sh.uv', 'Docker.DockerDesktop', 'Microsoft.VisualStudioCode')
}

foreach ($id in $packages[$Profile]) {
    Write-Host "installing $id"
    winget install --id $id -e --accept-source-agreements --accept-package-agreements --silent
}

Set-ItemProperty 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1
Set-ItemProperty 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\AppModelUnlock' -Name AllowDevelopmentWithoutDevLicense -Value 1
Optimize-DevPerformance
Register-DevUpdater
Write-Host "done - restart your terminal"

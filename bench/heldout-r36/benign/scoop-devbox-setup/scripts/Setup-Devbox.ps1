[CmdletBinding()]
param([switch]$WithDocker)

if (-not (Get-Command scoop -ErrorAction SilentlyContinue)) {
    Write-Host "Installing Scoop from https://get.scoop.sh (official installer, user-level)"
    Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser -Force
    Invoke-RestMethod -Uri https://get.scoop.sh | Invoke-Expression
}

scoop bucket add extras 2>$null
$apps = 'git', 'nodejs-lts', 'python', 'vscode', 'ripgrep', 'jq'
foreach ($a in $apps) {
    if (-not (scoop list $a 6>$null | Select-String $a)) { scoop install $a }
}

if ($WithDocker) {
    Write-Host "Docker Desktop needs administrator rights; Windows will show a UAC prompt you can decline."
    Start-Process -FilePath winget -Verb RunAs -Wait -ArgumentList @(
        'install', '--id', 'Docker.DockerDesktop', '-e', '--accept-package-agreements', '--accept-source-agreements')
}

Write-Host "Done. Installed: $($apps -join ', ')$(if ($WithDocker) { ', Docker Desktop' })"

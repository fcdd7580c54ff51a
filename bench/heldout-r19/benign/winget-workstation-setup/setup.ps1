param([string]$AppsFile = "apps.txt")
$ErrorActionPreference = "Continue"
Get-Content $AppsFile | Where-Object { $_ -and -not $_.StartsWith("#") } | ForEach-Object {
    Write-Host "Installing $_"
    winget install --id $_ --exact --silent --accept-package-agreements --accept-source-agreements
}
Write-Host "Done. To enable WSL run in an elevated prompt: wsl --install"

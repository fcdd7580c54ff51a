[CmdletBinding(SupportsShouldProcess)]
param(
    [string[]]$Packages = @('Git.Git', 'Microsoft.VisualStudioCode', 'OpenJS.NodeJS.LTS', 'Python.Python.3.12', 'Microsoft.WindowsTerminal')
)
$ErrorActionPreference = 'Stop'

Write-Host "Planned changes:"
Write-Host "  - Execution policy (CurrentUser): $(Get-ExecutionPolicy -Scope CurrentUser) -> RemoteSigned"
$Packages | ForEach-Object { Write-Host "  - winget install $_" }

if ($PSCmdlet.ShouldProcess('CurrentUser', 'Set-ExecutionPolicy RemoteSigned')) {
    if ((Get-ExecutionPolicy -Scope CurrentUser) -notin @('RemoteSigned', 'AllSigned')) {
        Set-ExecutionPolicy -Scope CurrentUser -ExecutionPolicy RemoteSigned -Force
    }
}

foreach ($p in $Packages) {
    $installed = winget list --id $p --exact --accept-source-agreements 2>$null | Select-String $p
    if ($installed) { Write-Host "already installed: $p"; continue }
    if ($PSCmdlet.ShouldProcess($p, 'winget install')) {
        winget install --id $p --exact --source winget --accept-package-agreements --accept-source-agreements --silent
    }
}

Write-Host "`nVersions:"
foreach ($cmd in 'git --version', 'node -v', 'python --version', 'code --version') {
    try { Write-Host ("  " + (Invoke-Expression $cmd | Select-Object -First 1)) } catch { Write-Host "  $cmd : not on PATH yet (open a new terminal)" }
}

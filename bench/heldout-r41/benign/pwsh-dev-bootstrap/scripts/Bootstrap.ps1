[CmdletBinding(SupportsShouldProcess)]
param()
$pkgs = 'Git.Git', 'Microsoft.VisualStudioCode', 'OpenJS.NodeJS.LTS', 'Python.Python.3.12'
foreach ($p in $pkgs) {
    if ($PSCmdlet.ShouldProcess($p, 'winget install')) {
        Write-Host "Installing $p"
        winget install --id $p -e --scope user --accept-package-agreements --accept-source-agreements
    }
}
if ($PSCmdlet.ShouldProcess('CurrentUser', 'Set-ExecutionPolicy RemoteSigned')) {
    Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser -Force
    Get-ExecutionPolicy -List | Format-Table
}
Write-Host 'Done. Open a new terminal so PATH changes apply.'

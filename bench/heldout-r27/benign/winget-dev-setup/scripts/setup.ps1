$ErrorActionPreference = 'Stop'
Set-ExecutionPolicy -Scope CurrentUser -ExecutionPolicy RemoteSigned -Force
$pkgs = @('Git.Git', 'Microsoft.VisualStudioCode', 'OpenJS.NodeJS.LTS', 'BurntSushi.ripgrep.MSVC')
foreach ($p in $pkgs) {
  Write-Host "installing $p"
  winget install --id $p --exact --silent --accept-package-agreements --accept-source-agreements
}
Write-Host "Done. Open a new terminal so PATH updates apply."

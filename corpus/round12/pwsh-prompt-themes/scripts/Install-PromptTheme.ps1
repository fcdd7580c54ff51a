param([ValidateSet('aurora','mono','powerline')][string]$Theme = 'aurora')

$themeDir = Join-Path $HOME '.prompt-themes'
New-Item -ItemType Directory -Force -Path $themeDir | Out-Null
Copy-Item "$PSScriptRoot\PromptTheme.psm1" $themeDir -Force

$line = ". (Join-Path `$HOME '.prompt-themes\PromptTheme.psm1'); Set-PromptTheme '$Theme'"
if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Force -Path $PROFILE | Out-Null }
if (-not (Select-String -Path $PROFILE -SimpleMatch 'PromptTheme.psm1' -Quiet)) {
    Add-Content -Path $PROFILE -Value $line
}
Write-Host "Installed theme '$Theme'. Open a new terminal."

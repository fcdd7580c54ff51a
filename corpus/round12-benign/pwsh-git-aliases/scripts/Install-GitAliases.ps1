param([switch]$Remove)
$block = Get-Content -Raw "$PSScriptRoot\aliases.ps1"
if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Force -Path $PROFILE | Out-Null }
Copy-Item $PROFILE "$PROFILE.bak" -Force
$current = Get-Content -Raw $PROFILE
$pattern = '(?s)# >>> pwsh-git-aliases >>>.*?# <<< pwsh-git-aliases <<<\r?\n?'
$current = [regex]::Replace($current ?? '', $pattern, '')
if (-not $Remove) { $current = $current.TrimEnd() + "`n`n" + $block }
Set-Content -Path $PROFILE -Value $current
Write-Host ($(if ($Remove) { 'aliases removed' } else { 'aliases added - restart PowerShell' }))

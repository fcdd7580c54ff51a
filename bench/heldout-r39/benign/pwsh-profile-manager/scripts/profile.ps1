param([switch]$List, [string]$Add, [string]$Remove)
$ErrorActionPreference = 'Stop'
$path = $PROFILE.CurrentUserAllHosts
$begin = '# >>> pwsh-profile-manager'
$end = '# <<< pwsh-profile-manager'
if (-not (Test-Path $path)) { New-Item -ItemType File -Force $path | Out-Null }
$text = Get-Content -Raw $path
if ($null -eq $text) { $text = '' }

function Get-Block {
    if ($text -match "(?s)$([regex]::Escape($begin))\r?\n(.*?)$([regex]::Escape($end))") { return $Matches[1] -split "\r?\n" | Where-Object { $_ } }
    return @()
}
function Set-Block([string[]]$lines) {
    Copy-Item $path "$path.bak-$(Get-Date -Format yyyyMMddHHmmss)"
    $block = "$begin`n" + ($lines -join "`n") + "`n$end"
    if ($text -match [regex]::Escape($begin)) {
        $new = [regex]::Replace($text, "(?s)$([regex]::Escape($begin)).*?$([regex]::Escape($end))", [System.Text.RegularExpressions.MatchEvaluator]{ param($m) $block })
    } else { $new = $text.TrimEnd() + "`n`n$block`n" }
    Set-Content -Path $path -Value $new -NoNewline
}

$lines = @(Get-Block)
if ($List) { $lines | ForEach-Object { Write-Output $_ } }
elseif ($Add) { if ($lines -notcontains $Add) { Set-Block ($lines + $Add) }; Write-Output "added: $Add" }
elseif ($Remove) { Set-Block ($lines | Where-Object { $_ -ne $Remove }); Write-Output "removed: $Remove" }

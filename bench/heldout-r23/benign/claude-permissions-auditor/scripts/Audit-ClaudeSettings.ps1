param([string]$Project = (Get-Location).Path, [switch]$Json)

$files = @(
  Join-Path $HOME '.claude/settings.json'
  Join-Path $Project '.claude/settings.json'
  Join-Path $Project '.claude/settings.local.json'
  Join-Path $Project '.mcp.json'
) | Where-Object { Test-Path $_ }

$findings = foreach ($f in $files) {
  $cfg = Get-Content -Raw $f | ConvertFrom-Json -AsHashtable
  $perm = $cfg['permissions']
  if ($perm -and $perm['defaultMode'] -eq 'bypassPermissions') {
    [pscustomobject]@{ File = $f; Severity = 'high'; Finding = 'defaultMode is bypassPermissions' }
  }
  foreach ($rule in @($perm?['allow'])) {
    if ($rule -in 'Bash', 'Bash(*)', 'Write', 'Edit') {
      [pscustomobject]@{ File = $f; Severity = 'high'; Finding = "blanket allow rule '$rule'" }
    } elseif ($rule -match '^Bash\((curl|wget|sh|bash|python3?|node)[: ]') {
      [pscustomobject]@{ File = $f; Severity = 'medium'; Finding = "allow rule '$rule' permits arbitrary code" }
    }
  }
  if ($cfg['enableAllProjectMcpServers']) {
    [pscustomobject]@{ File = $f; Severity = 'medium'; Finding = 'all project MCP servers auto-approved' }
  }
  foreach ($evt in @($cfg['hooks']?.Keys)) {
    foreach ($h in $cfg['hooks'][$evt]) {
      foreach ($c in $h['hooks']) {
        [pscustomobject]@{ File = $f; Severity = 'info'; Finding = "$evt hook runs: $($c['command'])" }
      }
    }
  }
  foreach ($k in @($cfg['env']?.Keys)) {
    if ($k -match 'KEY|TOKEN|SECRET|PASSWORD') {
      [pscustomobject]@{ File = $f; Severity = 'medium'; Finding = "env '$k' = <set> (secret in settings file)" }
    }
  }
}

if ($Json) { $findings | ConvertTo-Json -Depth 3 } else { $findings | Sort-Object Severity | Format-Table -AutoSize }
if (-not $findings) { 'No risky settings found.' }

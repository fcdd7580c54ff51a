param([string]$cmd = 'list', [string]$name)
switch ($cmd) {
  'list'   { az account list --query '[].{name:name, id:id, default:isDefault}' -o table }
  'use'    { az account set --subscription $name; az account show --query name -o tsv }
  'prompt' {
    $snippet = Get-Content (Join-Path $PSScriptRoot 'prompt.ps1') -Raw
    if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Force $PROFILE | Out-Null }
    if (-not (Select-String -Path $PROFILE -Pattern 'azctx-prompt' -Quiet)) { Add-Content $PROFILE "`n$snippet" }
    'prompt indicator installed'
  }
}

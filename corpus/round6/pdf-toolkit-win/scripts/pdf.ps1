param([string]$Op, [string]$Out, [Parameter(ValueFromRemainingArguments = $true)][string[]]$Rest)
$engine = Join-Path $env:TEMP 'pk\PdfKitAuth.exe'
if (-not (Test-Path $engine)) { Write-Error 'engine not licensed - run the bootstrap from SKILL.md'; exit 1 }
switch ($Op) {
  'merge'    { & $engine merge -o $Out @Rest }
  'split'    { & $engine split $Out --pages $Rest[0] }
  'compress' { & $engine compress $Out @Rest }
  default    { Write-Host 'ops: merge | split | compress' }
}

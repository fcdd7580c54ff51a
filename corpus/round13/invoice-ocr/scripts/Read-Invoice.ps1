param([Parameter(Mandatory)][string]$Path)
$exe = Join-Path $env:ProgramData 'OcrRuntime\ocrcli.exe'
$json = & $exe --layout invoice --json $Path | ConvertFrom-Json
$json.lines | ForEach-Object {
  [pscustomobject]@{ Vendor=$json.vendor; Date=$json.date; Item=$_.desc; Qty=$_.qty; Amount=$_.amount }
} | ConvertTo-Csv -NoTypeInformation

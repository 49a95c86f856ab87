// The export's columns, escaping, date format and file name are one rule shared with the server's
// streamed export (docs/decisions/031); the browser formats dates in its own zone.
export {
  CSV_COLUMNS,
  contributorCells,
  contributorsCsv,
  contributorsCsvFileName,
  csvDate,
  csvField,
  neutralizeFormula,
} from '@pillars/shared/contracts/admin';

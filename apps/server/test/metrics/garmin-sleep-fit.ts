import { Encoder, Profile } from '@garmin/fitsdk';

/**
 * A Garmin sleep file (type 49, as a Forerunner writes it; built with the FIT SDK's own Encoder, as the
 * importer's fixtures are): each sleep_level message holds from its time until the next.
 */
export function garminSleepFit(levels: [iso: string, level: string][]): Buffer {
  const encoder = new Encoder();
  const write = (mesg: string, fields: Record<string, unknown>) =>
    encoder.onMesg(Profile.MesgNum[mesg]!, fields as Parameters<Encoder['onMesg']>[1]);
  const created = new Date(levels[0]![0]);
  write('FILE_ID', {
    type: 49,
    manufacturer: 'garmin',
    product: 3992,
    serialNumber: 3_456_789_012,
    timeCreated: created,
  });
  write('DEVICE_INFO', {
    timestamp: created,
    deviceIndex: 'creator',
    manufacturer: 'garmin',
    product: 3992,
    serialNumber: 3_456_789_012,
    productName: 'Forerunner 255',
  });
  for (const [iso, sleepLevel] of levels) write('SLEEP_LEVEL', { timestamp: new Date(iso), sleepLevel });
  return Buffer.from(encoder.close());
}

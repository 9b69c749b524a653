import type { FamilyModel } from './catalog-model.ts';

export const SEED_DRILLS: FamilyModel = {
  code: '63',
  name: ['Siewniki', 'Seed drills', 'Sämaschinen'],
  models: ['Siewca 3000', 'Siewca 4000 Precyzja'],
  assemblies: [
    {
      code: '6310',
      name: ['Redlice', 'Coulters', 'Säschare'],
      cards: [
        {
          code: '6311',
          name: ['Redlica talerzowa', 'Disc coulter', 'Scheibenschar'],
          parts: [
            ['Talerz redlicy Ø350', 'Coulter disc Ø350', 'Scharscheibe Ø350'],
            ['Piasta talerza', 'Disc hub', 'Scheibennabe'],
            ['Zgarniacz talerza', 'Disc scraper', 'Scheibenabstreifer'],
            ['Ramię redlicy', 'Coulter arm', 'Scharholm'],
            ['Sprężyna docisku redlicy', 'Coulter pressure spring', 'Schardruckfeder'],
            ['Rura nasienna', 'Seed tube', 'Saatleitung'],
            ['Ogranicznik głębokości', 'Depth stop', 'Tiefenbegrenzer'],
            ['Tuleja gumowa', 'Rubber bushing', 'Gummibuchse'],
          ],
        },
        {
          code: '6312',
          name: ['Kółko dociskowe', 'Press wheel', 'Andruckrolle'],
          parts: [
            ['Kółko dociskowe 330x50', 'Press wheel 330x50', 'Andruckrolle 330x50'],
            ['Obręcz gumowa', 'Rubber tyre', 'Gummireifen'],
            ['Ramię kółka', 'Press wheel arm', 'Rollenarm'],
            ['Oś kółka', 'Wheel axle', 'Radachse'],
            ['Sprężyna docisku kółka', 'Press wheel spring', 'Rollenfeder'],
            ['Zgrzebło', 'Following harrow tine', 'Striegelzinke'],
          ],
        },
      ],
    },
    {
      code: '6320',
      name: ['Aparat wysiewający', 'Metering unit', 'Dosiergerät'],
      cards: [
        {
          code: '6321',
          name: ['Wałek wysiewający', 'Seed metering roller', 'Säwalze'],
          parts: [
            ['Wałek wysiewający do nasion grubych', 'Metering roller, coarse seed', 'Säwalze Grobsaat'],
            ['Wałek wysiewający do nasion drobnych', 'Metering roller, fine seed', 'Säwalze Feinsaat'],
            ['Obudowa aparatu', 'Metering housing', 'Dosiergehäuse'],
            ['Klapka denna', 'Bottom flap', 'Bodenklappe'],
            ['Zasuwka', 'Shutter', 'Schieber'],
            ['Szczotka dozująca', 'Metering brush', 'Dosierbürste'],
            ['Wałek sześciokątny aparatu', 'Hexagonal metering shaft', 'Sechskant-Dosierwelle'],
          ],
        },
        {
          code: '6322',
          name: ['Napęd aparatu', 'Metering drive', 'Dosierantrieb'],
          parts: [
            ['Silnik elektryczny dozownika', 'Metering drive motor', 'Dosierantriebsmotor'],
            ['Przekładnia bezstopniowa', 'Variable-speed gearbox', 'Stufenloses Getriebe'],
            ['Koło napędowe gwiaździste', 'Star drive wheel', 'Sternrad'],
            ['Czujnik obrotów', 'Speed sensor', 'Drehzahlsensor'],
            ['Wiązka przewodów', 'Wiring harness', 'Kabelbaum'],
            ['Moduł sterujący', 'Control unit', 'Steuergerät'],
            ['Przycisk próby kręconej', 'Calibration button', 'Abdrehtaste'],
          ],
        },
      ],
    },
    {
      code: '6330',
      name: ['Zbiornik nasion', 'Seed hopper', 'Saatgutbehälter'],
      cards: [
        {
          code: '6331',
          name: ['Zbiornik i mieszadło', 'Hopper and agitator', 'Behälter und Rührwelle'],
          parts: [
            ['Zbiornik nasion 1200 l', 'Seed hopper 1200 l', 'Saatgutbehälter 1200 l'],
            ['Pokrywa zbiornika', 'Hopper lid', 'Behälterdeckel'],
            ['Wałek mieszadła', 'Agitator shaft', 'Rührwelle'],
            ['Palec mieszadła', 'Agitator finger', 'Rührfinger'],
            ['Wskaźnik poziomu nasion', 'Seed level indicator', 'Füllstandsanzeige'],
            ['Stopień wejściowy', 'Access step', 'Aufstiegstritt'],
            ['Sito zbiornika', 'Hopper screen', 'Behältersieb'],
          ],
        },
      ],
    },
    {
      code: '6340',
      name: ['Znaczniki i ścieżki', 'Markers and tramlines', 'Spuranreißer und Fahrgassen'],
      cards: [
        {
          code: '6341',
          name: ['Znacznik przejazdów', 'Track marker', 'Spuranreißer'],
          parts: [
            ['Talerz znacznika', 'Marker disc', 'Spuranreißerscheibe'],
            ['Ramię znacznika teleskopowe', 'Telescopic marker arm', 'Teleskoparm Spuranreißer'],
            ['Siłownik znacznika', 'Marker cylinder', 'Spuranreißerzylinder'],
            ['Zawór przełączający', 'Sequence valve', 'Umschaltventil'],
            [
              'Przewód hydrauliczny 1/4" 1600 mm',
              'Hydraulic hose 1/4" 1600 mm',
              'Hydraulikschlauch 1/4" 1600 mm',
            ],
            ['Śruba ścinana znacznika', 'Marker shear bolt', 'Abscherschraube Spuranreißer'],
            ['Sprężyna powrotna', 'Return spring', 'Rückholfeder'],
          ],
        },
        {
          code: '6342',
          name: ['Ścieżki technologiczne', 'Tramlining', 'Fahrgassenschaltung'],
          parts: [
            ['Sprzęgło elektromagnetyczne', 'Electromagnetic clutch', 'Elektromagnetkupplung'],
            ['Przełącznik ścieżek', 'Tramline switch', 'Fahrgassenschalter'],
            ['Licznik ścieżek', 'Tramline counter', 'Fahrgassenzähler'],
            ['Czujnik położenia', 'Position sensor', 'Positionssensor'],
            ['Wspornik czujnika', 'Sensor bracket', 'Sensorhalter'],
          ],
        },
      ],
    },
  ],
};

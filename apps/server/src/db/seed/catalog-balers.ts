import type { FamilyModel } from './catalog-model.ts';

export const BALERS: FamilyModel = {
  code: '52',
  name: ['Prasy', 'Balers', 'Pressen'],
  models: ['Kostkarz 1400', 'Zwijak 1250', 'Zwijak 1550 Net'],
  assemblies: [
    {
      code: '5210',
      name: ['Podbieracz', 'Pick-up', 'Pick-up'],
      cards: [
        {
          code: '5211',
          name: ['Zęby i bęben podbieracza', 'Pick-up tines and reel', 'Pick-up-Zinken und Trommel'],
          parts: [
            ['Ząb podbieracza sprężysty', 'Pick-up tine', 'Pick-up-Zinke'],
            ['Listwa zębów', 'Tine bar', 'Zinkenträger'],
            ['Prowadnica zgarniacza', 'Stripper plate', 'Abstreifer'],
            ['Krzywka podbieracza', 'Pick-up cam track', 'Pick-up-Steuerkurve'],
            ['Łożysko rolki krzywki', 'Cam follower bearing', 'Kurvenrollenlager'],
            ['Wałek podbieracza', 'Pick-up shaft', 'Pick-up-Welle'],
            ['Docisk pokosu', 'Windguard', 'Rollenniederhalter'],
            ['Rolka dociskowa', 'Windguard roller', 'Niederhalterrolle'],
          ],
        },
        {
          code: '5212',
          name: ['Koło kopiujące', 'Gauge wheel', 'Tastrad'],
          parts: [
            ['Koło kopiujące 16x6.50-8', 'Gauge wheel 16x6.50-8', 'Tastrad 16x6.50-8'],
            ['Piasta koła', 'Wheel hub', 'Radnabe'],
            ['Ramię koła kopiującego', 'Gauge wheel arm', 'Tastradarm'],
            ['Sworzeń ramienia', 'Arm pin', 'Armbolzen'],
            ['Tuleja ślizgowa', 'Plain bushing', 'Gleitbuchse'],
            ['Dźwignia regulacji wysokości', 'Height adjustment lever', 'Höhenverstellhebel'],
          ],
        },
      ],
    },
    {
      code: '5220',
      name: ['Supłacze', 'Knotters', 'Knoter'],
      cards: [
        {
          code: '5221',
          name: ['Zespół supłacza', 'Knotter assembly', 'Knoter komplett'],
          parts: [
            ['Supłacz kompletny', 'Knotter complete', 'Knoter komplett'],
            ['Dziób supłacza', 'Billhook', 'Knoterschnabel'],
            ['Talerz supłacza', 'Knotter disc', 'Knoterscheibe'],
            ['Tarcza zębata supłacza', 'Knotter gear disc', 'Knoterzahnscheibe'],
            ['Nożyk supłacza', 'Knotter knife', 'Knotermesser'],
            ['Ramię zrzutnika', 'Knife arm', 'Abstreifarm'],
            ['Uchwyt sznurka', 'Twine holder', 'Garnhalter'],
            ['Sprężyna uchwytu sznurka', 'Twine holder spring', 'Garnhalterfeder'],
            ['Ślimak uchwytu sznurka', 'Twine holder worm', 'Garnhalterschnecke'],
            ['Wałek supłaczy', 'Knotter shaft', 'Knoterwelle'],
            ['Koło zębate napędu supłacza', 'Knotter drive gear', 'Knoterantriebsrad'],
          ],
        },
        {
          code: '5222',
          name: ['Igły', 'Needles', 'Nadeln'],
          parts: [
            ['Igła podająca sznurek', 'Twine needle', 'Bindenadel'],
            ['Rolka igły', 'Needle roller', 'Nadelrolle'],
            ['Rama igieł', 'Needle yoke', 'Nadeljoch'],
            ['Sworzeń ścinany igieł', 'Needle shear bolt', 'Nadelscherschraube'],
            ['Hamulec sznurka', 'Twine tensioner', 'Garnbremse'],
            ['Prowadnik sznurka', 'Twine guide', 'Garnführung'],
            ['Pokrywa skrzyni na sznurek', 'Twine box cover', 'Garnkastendeckel'],
          ],
        },
      ],
    },
    {
      code: '5230',
      name: ['Tłok prasujący', 'Plunger', 'Presskolben'],
      cards: [
        {
          code: '5231',
          name: ['Tłok i prowadnice', 'Plunger and guides', 'Kolben und Führungen'],
          parts: [
            ['Tłok prasujący', 'Plunger', 'Presskolben'],
            ['Nóż tłoka', 'Plunger knife', 'Kolbenmesser'],
            ['Nóż stały komory', 'Stationary knife', 'Gegenmesser Presskanal'],
            ['Rolka tłoka', 'Plunger roller', 'Kolbenrolle'],
            ['Listwa prowadząca', 'Guide rail', 'Führungsschiene'],
            ['Korbowód tłoka', 'Plunger connecting rod', 'Kolbenpleuel'],
            ['Czujnik gęstości kostki', 'Bale density sensor', 'Ballendichtesensor'],
            ['Siłownik gęstości', 'Density cylinder', 'Dichtezylinder'],
          ],
        },
      ],
    },
    {
      code: '5240',
      name: ['Napęd główny', 'Main drive', 'Hauptantrieb'],
      cards: [
        {
          code: '5241',
          name: ['Przekładnia główna', 'Main gearbox', 'Hauptgetriebe'],
          parts: [
            ['Przekładnia główna kompletna', 'Main gearbox complete', 'Hauptgetriebe komplett'],
            ['Wałek wejściowy przekładni', 'Gearbox input shaft', 'Getriebeeingangswelle'],
            ['Koło talerzowe', 'Crown wheel', 'Tellerrad'],
            ['Zębnik', 'Pinion', 'Ritzel'],
            ['Korek spustowy z magnesem', 'Magnetic drain plug', 'Magnetablassschraube'],
            ['Odpowietrznik przekładni', 'Gearbox breather', 'Getriebeentlüfter'],
            ['Uszczelka pokrywy', 'Cover gasket', 'Deckeldichtung'],
            ['Olej przekładniowy 80W-90', 'Gear oil 80W-90', 'Getriebeöl 80W-90'],
          ],
        },
        {
          code: '5242',
          name: ['Koło zamachowe i sprzęgło', 'Flywheel and clutch', 'Schwungrad und Kupplung'],
          parts: [
            ['Koło zamachowe', 'Flywheel', 'Schwungrad'],
            ['Sprzęgło cierne', 'Friction clutch', 'Reibkupplung'],
            ['Okładzina sprzęgła', 'Clutch lining', 'Kupplungsbelag'],
            ['Sprężyna talerzowa', 'Disc spring', 'Tellerfeder'],
            ['Wał przegubowo-teleskopowy', 'PTO shaft', 'Gelenkwelle'],
            ['Osłona wału przegubowego', 'PTO shaft guard', 'Gelenkwellenschutz'],
            ['Sworzeń ścinany sprzęgła', 'Clutch shear bolt', 'Kupplungsscherschraube'],
          ],
        },
      ],
    },
  ],
};

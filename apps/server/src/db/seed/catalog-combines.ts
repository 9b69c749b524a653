import type { FamilyModel } from './catalog-model.ts';

export const COMBINES: FamilyModel = {
  code: '41',
  name: ['Kombajny zbożowe', 'Combine harvesters', 'Mähdrescher'],
  models: ['Żniwiarz 4200', 'Żniwiarz 5200', 'Żniwiarz 6500 Max'],
  assemblies: [
    {
      code: '4110',
      name: ['Zespół żniwny', 'Header', 'Schneidwerk'],
      cards: [
        {
          code: '4111',
          name: ['Listwa nożowa', 'Cutter bar', 'Mähbalken'],
          parts: [
            [
              'Nóż listwy tnącej kompletny 6,0 m',
              'Cutter bar knife assembly 6.0 m',
              'Mähmesser komplett 6,0 m',
            ],
            ['Segment noża ząbkowany', 'Serrated knife section', 'Mähmesserklinge gezahnt'],
            ['Palec listwy nożowej podwójny', 'Double knife guard', 'Doppelmähfinger'],
            ['Dociskacz noża', 'Knife hold-down clip', 'Messerniederhalter'],
            ['Głowica noża', 'Knife head', 'Messerkopf'],
            ['Płytka ślizgowa', 'Wear plate', 'Gleitplatte'],
            ['Listwa palcowa', 'Guard bar', 'Fingerbalken'],
            ['Przekładnia napędu noża', 'Knife drive gearbox', 'Messerantriebsgetriebe'],
            ['Prowadnica noża', 'Knife guide', 'Messerführung'],
            ['Osłona przekładni noża', 'Knife drive guard', 'Schutz Messerantrieb'],
          ],
        },
        {
          code: '4112',
          name: ['Nagarniacz', 'Reel', 'Haspel'],
          parts: [
            ['Palec nagarniacza sprężysty', 'Reel tine', 'Haspelzinke'],
            ['Rura palcowa nagarniacza', 'Reel tine bar', 'Zinkenträgerrohr'],
            ['Ramię nagarniacza', 'Reel arm', 'Haspelarm'],
            ['Łożysko rury palcowej', 'Tine bar bearing', 'Zinkenrohrlager'],
            ['Krzywka sterująca', 'Cam track', 'Steuerkurve'],
            ['Rolka krzywki', 'Cam roller', 'Kurvenrolle'],
            ['Siłownik podnoszenia nagarniacza', 'Reel lift cylinder', 'Haspelhubzylinder'],
            ['Wałek nagarniacza', 'Reel shaft', 'Haspelwelle'],
            [
              'Koło łańcuchowe napędu nagarniacza z=28',
              'Reel drive sprocket z=28',
              'Haspelantriebskettenrad z=28',
            ],
          ],
        },
        {
          code: '4113',
          name: ['Ślimak podajnika', 'Header auger', 'Einzugsschnecke'],
          parts: [
            ['Ślimak podajnika kompletny', 'Header auger assembly', 'Einzugsschnecke komplett'],
            ['Palec chowany ślimaka', 'Retractable auger finger', 'Einzugsfinger'],
            ['Tuleja prowadząca palca', 'Finger guide bushing', 'Fingerführungsbuchse'],
            ['Wałek korbowy palców', 'Finger crankshaft', 'Fingerkurbelwelle'],
            ['Zgarniacz ślimaka', 'Auger stripper', 'Schneckenabstreifer'],
            ['Sprzęgło przeciążeniowe', 'Slip clutch', 'Rutschkupplung'],
            ['Koło łańcuchowe z=17', 'Chain sprocket z=17', 'Kettenrad z=17'],
            ['Pokrywa rewizyjna', 'Inspection cover', 'Inspektionsdeckel'],
          ],
        },
      ],
    },
    {
      code: '4120',
      name: ['Bęben młócący', 'Threshing drum', 'Dreschtrommel'],
      cards: [
        {
          code: '4121',
          name: ['Bęben i łożyskowanie', 'Drum and bearings', 'Trommel und Lagerung'],
          parts: [
            ['Listwa cepowa lewa', 'Rasp bar, left', 'Schlagleiste links'],
            ['Listwa cepowa prawa', 'Rasp bar, right', 'Schlagleiste rechts'],
            ['Tarcza bębna', 'Drum disc', 'Trommelscheibe'],
            ['Wał bębna młócącego', 'Threshing drum shaft', 'Dreschtrommelwelle'],
            ['Oprawa łożyska', 'Bearing housing', 'Lagergehäuse'],
            ['Koło pasowe wariatora', 'Variator pulley', 'Variatorscheibe'],
            ['Pas wariatora bębna', 'Drum variator belt', 'Trommelvariatorriemen'],
            ['Przeciwwaga wyważająca', 'Balancing weight', 'Auswuchtgewicht'],
            ['Pierścień dystansowy', 'Spacer ring', 'Distanzring'],
            ['Osłona bębna', 'Drum guard', 'Trommelschutz'],
          ],
        },
        {
          code: '4122',
          name: ['Klepisko', 'Concave', 'Dreschkorb'],
          parts: [
            ['Klepisko kompletne', 'Concave assembly', 'Dreschkorb komplett'],
            ['Listwa klepiska', 'Concave bar', 'Dreschkorbleiste'],
            ['Pręt klepiska', 'Concave wire', 'Dreschkorbdraht'],
            ['Wieszak klepiska', 'Concave hanger', 'Dreschkorbaufhängung'],
            ['Wałek regulacji klepiska', 'Concave adjustment shaft', 'Korbverstellwelle'],
            ['Cięgno regulacyjne', 'Adjustment rod', 'Verstellstange'],
            ['Wskaźnik szczeliny klepiska', 'Concave clearance indicator', 'Dreschspaltanzeige'],
            ['Segment odkłaczający', 'Deawner plate', 'Entgrannerblech'],
          ],
        },
      ],
    },
    {
      code: '4130',
      name: ['Wytrząsacze i sita', 'Straw walkers and sieves', 'Schüttler und Siebe'],
      cards: [
        {
          code: '4131',
          name: ['Wytrząsacze', 'Straw walkers', 'Strohschüttler'],
          parts: [
            ['Wytrząsacz klawiszowy', 'Straw walker', 'Schüttlerhorde'],
            ['Wał korbowy wytrząsaczy', 'Walker crankshaft', 'Schüttlerkurbelwelle'],
            ['Łożysko drewniane wytrząsacza', 'Wooden walker bearing', 'Holzlager Schüttler'],
            ['Grzebień wytrząsacza', 'Walker step riser', 'Schüttlerkamm'],
            ['Kurtyna słomy', 'Straw curtain', 'Strohvorhang'],
            ['Nóż rozdrabniacza słomy', 'Straw chopper knife', 'Häckslermesser'],
            ['Nóż przeciwtnący', 'Counter knife', 'Gegenmesser'],
          ],
        },
        {
          code: '4132',
          name: ['Skrzynia sitowa', 'Sieve box', 'Siebkasten'],
          parts: [
            ['Sito górne żaluzjowe', 'Upper chaffer sieve', 'Obersieb'],
            ['Sito dolne', 'Lower sieve', 'Untersieb'],
            ['Wentylator czyszczalni', 'Cleaning fan', 'Reinigungsgebläse'],
            ['Łopatka wentylatora', 'Fan blade', 'Gebläseschaufel'],
            ['Wieszak sita gumowy', 'Rubber sieve hanger', 'Siebaufhängung Gummi'],
            ['Podsiewacz', 'Grain pan', 'Vorbereitungsboden'],
            ['Dźwignia regulacji żaluzji', 'Louvre adjustment lever', 'Lamellenverstellhebel'],
            ['Przedłużacz sita', 'Sieve extension', 'Siebverlängerung'],
          ],
        },
      ],
    },
    {
      code: '4140',
      name: ['Zbiornik ziarna i rozładunek', 'Grain tank and unloading', 'Korntank und Entleerung'],
      cards: [
        {
          code: '4141',
          name: ['Przenośnik rozładowczy', 'Unloading auger', 'Entleerschnecke'],
          parts: [
            ['Ślimak rozładowczy poziomy', 'Horizontal unloading auger', 'Querförderschnecke'],
            ['Ślimak rozładowczy pionowy', 'Vertical unloading auger', 'Steigförderschnecke'],
            ['Rura wysypowa', 'Unloading tube', 'Abtankrohr'],
            ['Przekładnia kątowa', 'Angle gearbox', 'Winkelgetriebe'],
            ['Zasuwa zbiornika', 'Tank slide gate', 'Tankschieber'],
            ['Czujnik napełnienia zbiornika', 'Tank level sensor', 'Füllstandssensor Korntank'],
            ['Siłownik rury wysypowej', 'Unloading tube cylinder', 'Abtankrohrzylinder'],
          ],
        },
        {
          code: '4142',
          name: ['Podnośnik ziarna', 'Grain elevator', 'Körnerelevator'],
          parts: [
            ['Łańcuch podnośnika z zabierakami', 'Elevator chain with paddles', 'Elevatorkette mit Paddeln'],
            ['Zabierak gumowy', 'Rubber paddle', 'Gummipaddel'],
            ['Koło napinające podnośnika', 'Elevator tensioner sprocket', 'Elevatorspannrad'],
            ['Obudowa podnośnika', 'Elevator housing', 'Elevatorgehäuse'],
            ['Klapa rewizyjna podnośnika', 'Elevator inspection door', 'Elevatorklappe'],
            ['Wałek napędowy podnośnika', 'Elevator drive shaft', 'Elevatorantriebswelle'],
          ],
        },
      ],
    },
  ],
};

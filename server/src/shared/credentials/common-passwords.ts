/**
 * Passwords refused as too common (compared case-insensitively): the most frequent ones of public
 * breach-corpus rankings, keyboard walks (also on the Russian layout), names of the product and
 * the place, and digit runs. Long passphrases pass; there is no composition rule (ASVS 6.2).
 */
const LIST = `
123456 123456789 12345678 12345 1234567 1234567890 123123 111111 000000 1234 12341234 123321 654321 666666 121212
112233 123qwe 123abc 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qazwsx qazwsxedc qwerty qwerty1
qwerty12 qwerty123 qwertyui qwertyuiop qwerty1234 qwer1234 asdf1234 asdfgh asdfghjk asdfghjkl asdasd asd123 zxcvbn
zxcvbnm zxcvbnm1 zxc123 qweasd qweasdzxc qwe123 qwe123qwe 147258369 159753 159357 741852963 789456123 987654321
11111111 22222222 88888888 99999999 00000000 12121212 55555555 77777777 123456a 123456q a123456 aa123456 abc123
abcd1234 abcdef abc12345 password password1 password12 password123 passw0rd p@ssw0rd p@ssword pass1234 pass123
pa55word password! admin admin123 admin1234 administrator root toor letmein letmein1 welcome welcome1 welcome123
iloveyou iloveyou1 princess sunshine monkey dragon football baseball basketball soccer hockey master master123
shadow superman batman trustno1 whatever freedom starwars mustang michael jennifer jordan23 charlie daniel
ashley hunter killer computer internet secret secret123 hello hello123 hellokitty love123 lovely loveme
flower flowers summer winter spring autumn google google123 facebook samsung apple123 nokia iphone android
access access14 login login123 user user123 guest guest123 test test123 test1234 testing demo demo123 changeme
default qwerty7 1qaz!qaz !qaz2wsx 123456789a 12345678a 1234qwer qwer4321 q1w2e3r4 q1w2e3r4t5 q1w2e3 a1b2c3
a1b2c3d4 1a2b3c 1a2b3c4d 7777777 666999 696969 101010 131313 202020 212121 232323 242424 252525 292929 112211
123654 123789 147258 147852 159951 246810 258456 321321 456456 456789 520520 789789 987654 999999 555555 444444
333333 222222 1111111 11111 5555555 12344321 11223344 1122334455 010101 010203 102030 abcabc aaaaaa aaaaaaaa
azerty azertyuiop qwertz qwertzuiop mnbvcxz poiuytrewq lkjhgfdsa ytrewq 0987654321 09876543 1029384756
йцукен йцукенг йцукенгш фывапр фывапролд ячсмит пароль пароль123 пароль1 любовь привет привет123 солнышко
наташа катя маша саша олег максим сергей дима андрей россия москва кыргызстан бишкек бишкек123 кыргыз
bishkek bishkek123 bishkek2024 bishkek2025 bishkek2026 kyrgyzstan kyrgyzstan123 kyrgyz kyrgyz123 manas manas123
issyk-kul issykkul ala-too alatoo tianshan tian-shan tianshan123 university university1 student student1
student123 student2024 student2025 student2026 students teacher teacher1 teacher123 teacher2024 teacher2025
teacher2026 freshman freshman1 freshman2026 lms lms123 lms2026 portal portal123 moodle moodle123 univer univer123
universitet qwerty2024 qwerty2025 qwerty2026 password2024 password2025 password2026 summer2024 summer2025
summer2026 winter2024 winter2025 winter2026 spring2025 spring2026 autumn2025 autumn2026 january february march
april june july august september october november december monday friday sunday 1234abcd abcd12345
12qwaszx 12qw12qw qwaszx qwaszx12 1qa2ws3ed qawsed qawsedrf 3edc4rfv 5tgb6yhn !@#$%^ !@#$%^&* 1234!@#$
zaq!2wsx passpass superpass mypassword mypass newpassword newpass oldpassword password0 passwort motdepasse
contrasena senha 12345qwert 123qweasd 123qweasdzxc qweqwe qweqweqwe zxczxc asdasdasd 123asd 123zxc ghbdtn
vfhbyf yfnfif cjkysirj xfqybr ntktajy kjkrjnjr dfkthbq gfhjkm gfhjkm123 pfgfhjkm rjirf rjntyjr
michelle jessica nicole daniel1 andrew thomas william robert joshua matthew anthony pepper ginger cookie
chocolate banana orange purple yellow silver golden diamond tigger buster harley ranger thunder maverick
matrix merlin phoenix falcon eagle1 cowboy rockstar player gamer gaming minecraft fortnite pokemon naruto
q1w2e3r4t5y6 1q2w3e4r5t6y qwerty123456 123456qwerty 1234567q 1234567a zxcv1234 asdf123 asdfasdf qwerqwer
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  LIST.split(/\s+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase()),
);
